package mailbench.jmh;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.corpus.MailMessage;

/**
 * The 2018 _source size study's document: two fields, {@code isbn} and {@code content}, the content 10 MiB of text
 * (generated mail bodies joined, line breaks and all) and so more than 99.99% of the document.
 */
final class LargeDocument {

    static final int CONTENT_CHARS = 10 * 1024 * 1024;
    static final String ISBN = "978-3-16-148410-0";

    private LargeDocument() {
    }

    static Map<String, Object> generate() {
        StringBuilder content = new StringBuilder(CONTENT_CHARS + 64 * 1024);
        Iterator<MailMessage> mail = new CorpusGenerator(CorpusSpec.defaults()).iterator();
        while (content.length() < CONTENT_CHARS) {
            content.append(mail.next().body()).append("\n\n");
        }
        content.setLength(CONTENT_CHARS);
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("isbn", ISBN);
        document.put("content", content.toString());
        return document;
    }
}
