package mailbench.corpus;

import java.util.Iterator;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.PermutationSampler;

/**
 * Streams the messages of a corpus, deterministically from its {@link CorpusSpec}.
 *
 * <p>Each {@link #iterator()} (or {@link #messages()}) is a fresh pass yielding the same messages
 * in the same order. A pass holds no message after returning it: only the users and, per
 * mailbox, a few thread roots, so millions of messages stream in constant memory.
 */
public final class CorpusGenerator implements Iterable<MailMessage> {

    private final CorpusSpec spec;
    private final List<User> users;
    private final int[] rankToMailbox;
    private final List<String> externals;

    public CorpusGenerator(CorpusSpec spec) {
        this.spec = spec;
        UniformRandomProvider rng = Rngs.stream(spec.seed(), Rngs.USERS);
        this.users = People.users(spec.users(), rng);
        // the busiest mailboxes land anywhere in the id range, not on mbx-00001, -00002, ...
        this.rankToMailbox = PermutationSampler.natural(spec.users());
        PermutationSampler.shuffle(rng, rankToMailbox);
        this.externals = People.externals();
    }

    public CorpusSpec spec() {
        return spec;
    }

    /** Every user, in mailbox order: {@code users().get(i)} owns {@code mbx-<i + 1>}. */
    public List<User> users() {
        return users;
    }

    @Override
    public Iterator<MailMessage> iterator() {
        return new MessageStream(spec, users, rankToMailbox, externals);
    }

    /** A sequential, ordered stream of the corpus; every call starts a fresh pass. */
    public Stream<MailMessage> messages() {
        Spliterator<MailMessage> spliterator = Spliterators.spliterator(iterator(),
                spec.messages(), Spliterator.ORDERED | Spliterator.NONNULL
                        | Spliterator.IMMUTABLE);
        return StreamSupport.stream(spliterator, false);
    }
}
