package mailbench.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The Gatling APIs the two files in Gatling's own packages lean on (docs/architecture.adoc#gatling-internals), checked on
 * the build's Gatling jars: a Gatling upgrade that removes one fails here naming the member and the file to change.
 */
class GatlingInternalsTest {

    private static final String INJECTOR_MAIN = "src/gatling/scala/io/gatling/app/MailbenchInjectorMain.scala";
    private static final String LOG_READER = "src/gatling/scala/io/gatling/charts/stats/MailbenchLogReader.scala";

    private static Class<?> gatlingClass(String name, String usedBy) {
        try {
            return Class.forName(name, false, GatlingInternalsTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return fail(message(name, "the class", usedBy));
        }
    }

    private static String message(String className, String member, String usedBy) {
        return "Gatling " + gatlingVersion() + " has no " + member + " of " + className + ", which " + usedBy + " uses: see"
            + " docs/architecture.adoc#gatling-internals for what that file does and change it with the upgrade";
    }

    private static String gatlingVersion() {
        Package gatling = gatlingClass("io.gatling.app.Gatling", INJECTOR_MAIN).getPackage();
        return gatling.getImplementationVersion() == null ? "(version unknown)" : gatling.getImplementationVersion();
    }

    private static void hasMethod(Class<?> type, String name, Class<?> returns, String usedBy, Class<?>... parameters) {
        try {
            Method method = type.getMethod(name, parameters);
            assertThat(method.getReturnType()).as(message(type.getName(), name + " returning " + returns.getSimpleName(), usedBy))
                .isEqualTo(returns);
        } catch (NoSuchMethodException e) {
            fail(message(type.getName(), name + Arrays.toString(parameters), usedBy));
        }
    }

    @Test
    void theInjectorMainShouldStillReachGatlingsRunAndReturn() {
        hasMethod(gatlingClass("io.gatling.app.Gatling$", INJECTOR_MAIN), "fromArgs", int.class, INJECTOR_MAIN, String[].class);
    }

    @Test
    void theLogReaderShouldStillReachGatlingsDecoderAndRecordHeaders() throws Exception {
        Class<?> parser = gatlingClass("io.gatling.charts.stats.LogFileParser", LOG_READER);
        try {
            parser.getConstructor(File.class);
        } catch (NoSuchMethodException e) {
            fail(message(parser.getName(), "constructor (File)", LOG_READER));
        }
        for (String reader : List.of("read", "readInt")) {
            hasMethod(parser, reader, int.class, LOG_READER);
        }
        hasMethod(parser, "readByte", byte.class, LOG_READER);
        hasMethod(parser, "readBoolean", boolean.class, LOG_READER);
        hasMethod(parser, "readLong", long.class, LOG_READER);
        for (String reader : List.of("readString", "readSanitizedString", "readCachedSanitizedString")) {
            hasMethod(parser, reader, String.class, LOG_READER);
        }
        hasMethod(parser, "skip", void.class, LOG_READER, int.class);
        hasMethod(parser, "skipInt", void.class, LOG_READER);
        hasMethod(parser, "close", void.class, LOG_READER);
        hasMethod(parser, "parse", Object.class, LOG_READER);

        for (String header : List.of("Run", "Request", "User", "Group", "Error")) {
            Class<?> record = gatlingClass("io.gatling.core.stats.writer.RecordHeader$" + header + "$", LOG_READER);
            Object value = record.getField("MODULE$").get(null);
            assertThat(record.getMethod("value").invoke(value)).as(message("RecordHeader", header + ".value", LOG_READER))
                .isInstanceOf(Byte.class);
        }
    }
}
