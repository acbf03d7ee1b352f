package mailbench.facade;

/** Shortens user input quoted back in error messages, so a huge value never makes a huge error. */
final class Snippet {

    private static final int MAX = 80;

    private Snippet() {
    }

    static String of(String value) {
        if (value == null) {
            return "";
        }
        String printable = value.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= MAX ? printable : printable.substring(0, MAX) + "...";
    }
}
