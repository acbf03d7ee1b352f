package mailbench.corpus;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** Writes RFC 4180 CSV files atomically: readers see the old file or the whole new one. */
final class CsvFiles {

    private CsvFiles() {
    }

    static void write(Path target, String[] header, List<String[]> rows) throws IOException {
        Path temp = target.resolveSibling("." + target.getFileName() + ".tmp");
        boolean moved = false;
        try {
            try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                writeRow(out, header);
                for (String[] row : rows) {
                    writeRow(out, row);
                }
            }
            move(temp, target);
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /** Quotes a field only when it holds a comma, a quote or a line break. */
    static String escape(String field) {
        boolean quote = false;
        for (int i = 0; i < field.length() && !quote; i++) {
            char c = field.charAt(i);
            quote = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        return quote ? '"' + field.replace("\"", "\"\"") + '"' : field;
    }

    private static void writeRow(Writer out, String[] fields) throws IOException {
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(escape(fields[i]));
        }
        out.write('\n');
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
