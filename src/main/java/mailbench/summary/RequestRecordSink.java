package mailbench.summary;

/** Receives Gatling's request records one by one (see the Gatling-side reader in src/gatling/scala). */
@FunctionalInterface
public interface RequestRecordSink {

    void accept(String name, long startMillis, long endMillis, boolean ok, String error);
}
