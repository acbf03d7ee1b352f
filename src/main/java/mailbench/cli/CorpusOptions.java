package mailbench.cli;

import mailbench.corpus.CorpusSpec;
import picocli.CommandLine.Option;

/** The corpus options the commands that generate, load or describe a corpus share (as the mailbench.corpus.* knobs). */
final class CorpusOptions {

    @Option(names = "--messages", description = "Corpus size (default: ${DEFAULT-VALUE})",
        defaultValue = "" + CorpusSpec.DEFAULT_MESSAGES)
    int messages;

    @Option(names = "--users", description = "Users, one mailbox each (default: ${DEFAULT-VALUE})",
        defaultValue = "" + CorpusSpec.DEFAULT_USERS)
    int users;

    @Option(names = "--seed", description = "Corpus seed (default: ${DEFAULT-VALUE})", defaultValue = "" + CorpusSpec.DEFAULT_SEED)
    long seed;

    @Option(names = "--attachment-text-bytes", description = "Bytes of extracted attachment text every message carries, 0 for none"
        + " (default: ${DEFAULT-VALUE})", defaultValue = "0")
    int attachmentTextBytes;

    /** The spec; a bad value is named by its option here, not by its knob. */
    CorpusSpec spec() {
        try {
            return new CorpusSpec(seed, messages, users, attachmentTextBytes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().replace(CorpusSpec.MESSAGES_KNOB, "--messages")
                .replace(CorpusSpec.USERS_KNOB, "--users").replace(CorpusSpec.ATTACHMENT_TEXT_KNOB, "--attachment-text-bytes"), e);
        }
    }
}
