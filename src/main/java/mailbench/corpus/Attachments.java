package mailbench.corpus;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;

/** Decides whether a message carries files and invents their names, types and sizes. */
final class Attachments {

    static final double RATE = 0.20;
    static final double MEDIAN_SIZE = 150 * 1024;
    static final long MAX_SIZE = 25L * 1024 * 1024;
    static final long MIN_SIZE = 128;

    private static final String[] EXTENSIONS = {"pdf", "docx", "xlsx", "png", "jpg", "zip", "txt"};
    private static final String[] TYPES = {"application/pdf",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "image/png", "image/jpeg", "application/zip", "text/plain"};
    private static final int[] TYPE_WEIGHTS = Rngs.cumulative(30, 15, 10, 15, 15, 5, 10);

    private final UniformRandomProvider rng;
    private final ContinuousSampler gaussian;
    private final TextComposer text;

    Attachments(UniformRandomProvider rng, ContinuousSampler gaussian, TextComposer text) {
        this.rng = rng;
        this.gaussian = gaussian;
        this.text = text;
    }

    /** None for most messages, else one to three files. */
    List<Attachment> next() {
        if (rng.nextDouble() >= RATE) {
            return List.of();
        }
        int count = 1 + rng.nextInt(3);
        List<Attachment> files = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int type = Rngs.weighted(rng, TYPE_WEIGHTS);
            long size = (long) Rngs.logNormal(gaussian, MEDIAN_SIZE, 1.0);
            files.add(new Attachment(name(EXTENSIONS[type]), TYPES[type],
                    Math.max(MIN_SIZE, Math.min(MAX_SIZE, size))));
        }
        return files;
    }

    private String name(String extension) {
        StringBuilder name = new StringBuilder(32).append(text.word()).append('-');
        switch (rng.nextInt(4)) {
            case 0 -> name.append('q').append(1 + rng.nextInt(4));
            case 1 -> name.append(2023 + rng.nextInt(3));
            case 2 -> name.append(Rngs.pad(1 + rng.nextInt(999), 3));
            default -> name.append(text.word());
        }
        return name.append('.').append(extension).toString();
    }
}
