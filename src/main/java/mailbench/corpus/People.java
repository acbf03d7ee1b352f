package mailbench.corpus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.rng.UniformRandomProvider;

/** Builds the users of a corpus and the fixed pool of external correspondents. */
final class People {

    static final int EXTERNALS = 300;

    private static final String[] FIRST = {"Anna", "Ben", "Carla", "David", "Elena", "Farid",
        "Grace", "Hugo", "Ines", "Jonas", "Karin", "Liam", "Maya", "Nils", "Olga", "Pablo",
        "Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera", "Walter", "Xenia", "Yusuf", "Zoe",
        "Amir", "Bianca", "Chen", "Dana", "Emil", "Fatima", "Gabriel", "Hana", "Ivan", "Julia",
        "Kofi", "Lena", "Marco", "Nadia", "Oscar", "Priya", "Rafael", "Sofia", "Tomas", "Ursula",
        "Viktor", "Wei", "Yara", "Zane", "Aiko", "Bruno", "Clara", "Diego", "Eva", "Felix",
        "Greta", "Henrik", "Isla", "Jamal"};
    private static final String[] LAST = {"Smith", "Garcia", "Muller", "Rossi", "Dubois",
        "Novak", "Kowalski", "Jensen", "Silva", "Tanaka", "Kim", "Nguyen", "Patel", "Okafor",
        "Hansen", "Berg", "Fischer", "Moreau", "Romano", "Santos", "Ivanova", "Petrov", "Larsen",
        "Schmidt", "Weber", "Bauer", "Lopez", "Martin", "Bernard", "Costa", "Ferreira", "Horvat",
        "Nagy", "Popescu", "Yilmaz", "Cohen", "Levi", "Murphy", "Kelly", "Walsh", "Brown",
        "Wilson", "Taylor", "Clarke", "Evans", "Hughes", "Wood", "Lindqvist", "Nieminen",
        "Virtanen", "Haddad", "Mensah", "Diallo", "Sato", "Suzuki", "Wang", "Li", "Zhang",
        "Singh", "Khan"};
    private static final String[] DOMAINS = {"example.com", "example.org", "mail.example.net"};
    private static final int[] DOMAIN_WEIGHTS = Rngs.cumulative(6, 3, 1);
    private static final String[] EXTERNAL_DOMAINS = {"acme.example", "globex.example",
        "initech.example", "umbrella.example", "hooli.example", "vandelay.example",
        "stark.example", "wayne.example", "tyrell.example", "cyberdyne.example"};
    private static final String[] ROLES = {"noreply", "support", "billing", "newsletter",
        "info", "sales", "notifications", "hr", "events", "security"};

    private People() {
    }

    static List<User> users(int count, UniformRandomProvider rng) {
        // keyed by name and domain: at most 60 * 60 * 3 entries however many users
        Map<String, Integer> taken = new HashMap<>();
        List<User> users = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String first = FIRST[rng.nextInt(FIRST.length)];
            String last = LAST[rng.nextInt(LAST.length)];
            String domain = DOMAINS[Rngs.weighted(rng, DOMAIN_WEIGHTS)];
            String local = first.toLowerCase(Locale.ROOT) + '.' + last.toLowerCase(Locale.ROOT);
            String address = unique(local, domain, taken);
            users.add(new User(mailboxId(i), address, first + ' ' + last));
        }
        return List.copyOf(users);
    }

    static String mailboxId(int index) {
        return "mbx-" + Rngs.pad(index + 1L, 5);
    }

    /** Inverse of {@link #mailboxId}. */
    static int mailboxIndex(String mailboxId) {
        return Integer.parseInt(mailboxId, 4, mailboxId.length(), 10) - 1;
    }

    /** People at partner companies plus the role addresses of services that write to everyone. */
    static List<String> externals() {
        UniformRandomProvider rng = Rngs.stream(1, Rngs.FIXED_TABLES);
        Map<String, Integer> taken = new HashMap<>(EXTERNALS * 2);
        List<String> externals = new ArrayList<>(EXTERNALS);
        for (int i = 0; i < EXTERNALS; i++) {
            String domain = EXTERNAL_DOMAINS[rng.nextInt(EXTERNAL_DOMAINS.length)];
            String local = rng.nextInt(5) == 0
                    ? ROLES[rng.nextInt(ROLES.length)]
                    : FIRST[rng.nextInt(FIRST.length)].toLowerCase(Locale.ROOT) + '.'
                            + LAST[rng.nextInt(LAST.length)].toLowerCase(Locale.ROOT);
            externals.add(unique(local, domain, taken));
        }
        return List.copyOf(externals);
    }

    /** First word of a display name, for greetings and signatures. */
    static String firstName(String displayName) {
        int space = displayName.indexOf(' ');
        return space < 0 ? displayName : displayName.substring(0, space);
    }

    private static String unique(String local, String domain, Map<String, Integer> taken) {
        String base = local + '@' + domain;
        Integer clashes = taken.get(base);
        taken.put(base, clashes == null ? 1 : clashes + 1);
        if (clashes == null) {
            return base;
        }
        // "anna.smith2" may itself be a base address only if names contained digits: they don't
        return local + (clashes + 1) + '@' + domain;
    }
}
