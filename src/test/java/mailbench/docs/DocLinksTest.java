package mailbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every cross-reference of README.adoc and docs/ points at a file that exists and, when it names an
 * anchor, at an explicit {@code [[anchor]]} there: the guide is split over many files, and a section
 * moved between them must not leave dead links behind.
 */
class DocLinksTest {

    static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Pattern ANCHOR = Pattern.compile("\\[\\[([\\w.-]+)(?:,[^\\]]*)?]]|\\[#([\\w.-]+)[\\].,]");
    private static final Pattern INTERNAL = Pattern.compile("<<([^,>#]+)(?:,[^>]*)?>>");
    private static final Pattern CROSS = Pattern.compile("<<([^,>#]+\\.adoc)(?:#([^,>]+))?(?:,[^>]*)?>>");
    private static final Pattern XREF = Pattern.compile("\\b(xref|link):([^\\s\\[]+)\\[");

    static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.adoc")));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".adoc")).sorted().forEach(docs::add);
        }
        return docs;
    }

    static Set<String> anchors(Path doc) throws IOException {
        Set<String> ids = new HashSet<>();
        Matcher m = ANCHOR.matcher(Files.readString(doc));
        while (m.find()) {
            ids.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return ids;
    }

    @Test
    void everyReferenceShouldPointAtAnExistingFileAndAnchor() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path doc : documents()) {
            String text = Files.readString(doc);
            String name = ROOT.relativize(doc).toString();
            Matcher internal = INTERNAL.matcher(text);
            while (internal.find()) {
                if (!internal.group(1).endsWith(".adoc") && !anchors(doc).contains(internal.group(1).strip())) {
                    broken.add(name + ": <<" + internal.group(1) + ">> has no [[" + internal.group(1) + "]] in the same file");
                }
            }
            Matcher cross = CROSS.matcher(text);
            while (cross.find()) {
                check(doc, cross.group(1), cross.group(2), "<<" + cross.group(1) + ">>", broken);
            }
            Matcher xref = XREF.matcher(text);
            while (xref.find()) {
                String target = xref.group(2);
                if (target.matches("^[a-z]+://.*") || target.startsWith("mailto:")) {
                    continue;
                }
                int hash = target.indexOf('#');
                check(doc, hash < 0 ? target : target.substring(0, hash), hash < 0 ? null : target.substring(hash + 1),
                    xref.group(1) + ":" + target, broken);
            }
        }
        assertThat(broken).as("dead links in README.adoc and docs/").isEmpty();
    }

    private static void check(Path doc, String file, String anchor, String link, List<String> broken) throws IOException {
        String name = ROOT.relativize(doc).toString();
        Path target = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
        if (!Files.exists(target)) {
            broken.add(name + ": " + link + " points at a missing file " + ROOT.relativize(target));
        } else if (anchor != null && target.toString().endsWith(".adoc") && !anchors(target).contains(anchor)) {
            broken.add(name + ": " + link + " names an anchor that " + ROOT.relativize(target) + " lacks");
        }
    }

    @Test
    void everyChapterShouldBeListedInTheGuidesIndex() throws IOException {
        String index = Files.readString(ROOT.resolve("docs/index.adoc"));
        for (Path doc : documents()) {
            String relative = ROOT.resolve("docs").relativize(doc).toString();
            if (doc.getParent().equals(ROOT.resolve("docs")) && !relative.equals("index.adoc")) {
                assertThat(index).as("docs/index.adoc lists " + relative).contains("xref:" + relative + "[");
            }
        }
    }

    @Test
    void everyChapterShouldBeLinkedFromTheReadme() throws IOException {
        assertLinksEvery("README.adoc", "docs", ".*\\.adoc", "link:docs/");
    }

    @Test
    void everyResultsPageShouldBeListedInTheResultsIndex() throws IOException {
        assertLinksEvery("docs/results/index.adoc", "docs/results", "\\d{4}-\\d\\d-\\d\\d-.*\\.adoc", "xref:");
    }

    /** The page links, as {@code prefix<name>[}, every file of the folder whose name matches. */
    private static void assertLinksEvery(String page, String folder, String names, String prefix) throws IOException {
        String text = Files.readString(ROOT.resolve(page));
        try (Stream<Path> files = Files.list(ROOT.resolve(folder))) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.matches(names))
                .forEach(name -> assertThat(text).as(page + " links " + folder + "/" + name).contains(prefix + name + "["));
        }
    }

    @Test
    void theLinkCheckShouldCatchADeadLink(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path doc = Files.writeString(dir.resolve("a.adoc"), "[[here]]\n== A\n\nxref:b.adoc#there[B] and <<nowhere>>\n");
        Files.writeString(dir.resolve("b.adoc"), "[[elsewhere]]\n== B\n");
        List<String> broken = new ArrayList<>();
        check(doc, "b.adoc", "there", "xref:b.adoc#there", broken);
        check(doc, "c.adoc", null, "xref:c.adoc", broken);
        check(doc, "b.adoc", "elsewhere", "xref:b.adoc#elsewhere", broken);
        assertThat(broken).hasSize(2);
        assertThat(anchors(doc)).containsExactly("here");
    }
}
