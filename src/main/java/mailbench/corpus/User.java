package mailbench.corpus;

/** A person of the corpus, owner of exactly one mailbox. */
public record User(String mailboxId, String address, String displayName) {
}
