package mailbench.corpus;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.DiscreteSampler;
import org.apache.commons.rng.sampling.distribution.RejectionInversionZipfSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/** One pass over a corpus: draws each message from a single seeded stream, in order. */
final class MessageStream implements Iterator<MailMessage> {

    static final double OWNER_EXPONENT = 0.8;
    static final double REPLY_RATE = 0.30;
    static final double QUOTE_RATE = 0.15;
    static final double USER_SENDER_RATE = 0.70;
    static final double EXTRA_TO_RATE = 0.25;
    static final double CC_RATE = 0.20;

    private final CorpusSpec spec;
    private final List<User> users;
    private final int[] rankToMailbox;
    private final List<String> externals;
    private final Vocabulary vocabulary = Vocabulary.standard();
    private final UniformRandomProvider rng;
    private final ContinuousSampler gaussian;
    private final DiscreteSampler owners;
    private final DiscreteSampler externalSenders;
    private final TextComposer text;
    private final Attachments attachments;
    private final ThreadHeads heads;
    private long produced;

    MessageStream(CorpusSpec spec, List<User> users, int[] rankToMailbox, List<String> externals) {
        this.spec = spec;
        this.users = users;
        this.rankToMailbox = rankToMailbox;
        this.externals = externals;
        this.rng = Rngs.stream(spec.seed(), Rngs.MESSAGES);
        this.gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
        this.owners = RejectionInversionZipfSampler.of(rng, users.size(), OWNER_EXPONENT);
        this.externalSenders = RejectionInversionZipfSampler.of(rng, externals.size(), 1.0);
        this.text = new TextComposer(vocabulary, rng, gaussian);
        this.attachments = new Attachments(rng, gaussian, text);
        this.heads = new ThreadHeads(users.size());
    }

    static String messageId(long seq) {
        return "m" + Rngs.pad(seq, 8);
    }

    static String threadId(long rootSeq) {
        return "t-" + messageId(rootSeq);
    }

    @Override
    public boolean hasNext() {
        return produced < spec.messages();
    }

    @Override
    public MailMessage next() {
        if (!hasNext()) {
            throw new NoSuchElementException("all " + spec.messages() + " messages generated");
        }
        long seq = produced++;
        int mailbox = rankToMailbox[owners.sample() - 1];
        User owner = users.get(mailbox);
        Placement thread = place(mailbox, seq);
        int senderUser = senderUser(mailbox);
        String from = senderUser >= 0
                ? users.get(senderUser).address()
                : externals.get(externalSenders.sample() - 1);
        List<String> to = new ArrayList<>(4);
        to.add(owner.address());
        if (rng.nextDouble() < EXTRA_TO_RATE) {
            addOthers(to, from, List.of());
        }
        List<String> cc = new ArrayList<>(3);
        if (rng.nextDouble() < CC_RATE) {
            addOthers(cc, from, to);
        }
        String body = body(owner, senderUser, thread.reply());
        List<Attachment> files = attachments.next();
        String attachmentText = spec.attachmentTextBytes() == 0 ? null
                : TextComposer.attachmentText(vocabulary, spec.seed(), seq, spec.attachmentTextBytes());
        return new MailMessage(owner.mailboxId(), messageId(seq), thread.threadId(), from, to, cc,
                thread.subject(), body, Instant.ofEpochSecond(thread.epochSecond()),
                MailFlags.draw(rng), MailMessage.sizeOf(thread.subject(), body, files), files,
                attachmentText);
    }

    /** Where a message sits in its mailbox's conversations. */
    private record Placement(String threadId, String subject, long epochSecond, boolean reply) {
    }

    private Placement place(int mailbox, long seq) {
        if (heads.size(mailbox) > 0 && rng.nextDouble() < REPLY_RATE) {
            int head = rng.nextInt(heads.size(mailbox));
            long root = heads.seq(mailbox, head);
            String subject = "Re: " + TextComposer.subject(vocabulary, spec.seed(), root);
            long second = MailClock.after(heads.epochSecond(mailbox, head), rng, gaussian);
            return new Placement(threadId(root), subject, second, true);
        }
        long second = MailClock.sample(rng);
        heads.add(mailbox, seq, second);
        return new Placement(threadId(seq), TextComposer.subject(vocabulary, spec.seed(), seq),
                second, false);
    }

    /** Index of a colleague who wrote the message, or -1 when it came from outside. */
    private int senderUser(int mailbox) {
        if (users.size() < 2 || rng.nextDouble() >= USER_SENDER_RATE) {
            return -1;
        }
        int other = rng.nextInt(users.size() - 1);
        return other >= mailbox ? other + 1 : other;
    }

    private void addOthers(List<String> list, String from, List<String> avoid) {
        int wanted = 1 + rng.nextInt(3);
        for (int attempt = 0; attempt < wanted * 3 && wanted > 0; attempt++) {
            String address = rng.nextInt(5) == 0
                    ? externals.get(rng.nextInt(externals.size()))
                    : users.get(rng.nextInt(users.size())).address();
            if (!address.equals(from) && !list.contains(address) && !avoid.contains(address)) {
                list.add(address);
                wanted--;
            }
        }
    }

    private String body(User owner, int senderUser, boolean reply) {
        String greeting = rng.nextDouble() < 0.4 ? People.firstName(owner.displayName()) : null;
        String signature = senderUser >= 0 && rng.nextDouble() < 0.6
                ? People.firstName(users.get(senderUser).displayName()) : null;
        String quoteAuthor = reply && rng.nextDouble() < QUOTE_RATE
                ? owner.displayName() + " <" + owner.address() + ">" : null;
        return text.body(greeting, signature, quoteAuthor);
    }
}
