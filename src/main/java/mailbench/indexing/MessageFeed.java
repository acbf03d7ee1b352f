package mailbench.indexing;

import java.util.Iterator;

import com.fasterxml.jackson.core.JsonProcessingException;

import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.corpus.MailMessage;
import mailbench.json.Json;

/**
 * Endless messages for single-document indexing: the corpus in its order, again and again; from
 * the second pass on each message id gets a {@code -r<pass>} suffix, so every PUT adds a new
 * document instead of overwriting one. Thread-safe.
 */
public final class MessageFeed {

    /** One message to PUT: its ids (for the URL) and its JSON body. */
    public record Message(String mailboxId, String messageId, byte[] json) {
    }

    private final CorpusGenerator corpus;
    private Iterator<MailMessage> pass;
    private int passes;

    public MessageFeed(CorpusSpec spec) {
        this.corpus = new CorpusGenerator(spec);
    }

    public synchronized Message next() {
        if (pass == null || !pass.hasNext()) {
            pass = corpus.iterator();
            passes++;
        }
        MailMessage message = pass.next();
        String messageId = passes == 1 ? message.messageId() : message.messageId() + "-r" + passes;
        MailMessage renamed = new MailMessage(message.mailboxId(), messageId, message.threadId(), message.from(), message.to(),
            message.cc(), message.subject(), message.body(), message.receivedAt(), message.flags(), message.size(), message.attachments(),
            message.attachmentText());
        try {
            return new Message(message.mailboxId(), messageId, Json.MAPPER.writeValueAsBytes(renamed));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a generated message could not be written as JSON", e);
        }
    }
}
