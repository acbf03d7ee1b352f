package mailbench.facade;

/**
 * What requests and their answers may hold at once, each 0 for a share of the JVM's memory: request-body bytes in flight,
 * all that requests hold from a body's first byte to the end of their work, and answers written but not yet read.
 */
public record MemoryBounds(long bodyBytesInFlight, long heldBytes, long unreadAnswerBytes) {

    /**
     * 0: an eighth of the JVM's max heap ({@link #bodyBytesInFlightBound()}): a body's parsed forms take up to about 4 times its
     * bytes more, so bodies at the bound and all they become while parsed at once stay within 5/8 of the heap.
     */
    public static final long DEFAULT_BODY_BYTES_IN_FLIGHT = 0;
    /**
     * 0: half the JVM's max heap ({@link #heldBytesBound()}): what requests hold from their bodies' first bytes to the end
     * of their work, by a conservative estimate of what each body becomes; the other half is left to the answers of
     * searches and gets, the client's buffers and the facade itself.
     */
    public static final long DEFAULT_HELD_BYTES = 0;
    /**
     * 0: half the JVM's max direct memory ({@link #unreadAnswerBound()}): Netty holds an answer in direct memory until its
     * client has read it, and direct memory that runs out fails every other answer without ending the JVM.
     */
    public static final long DEFAULT_UNREAD_ANSWER_BYTES = 0;

    public static final MemoryBounds DEFAULTS = new MemoryBounds(DEFAULT_BODY_BYTES_IN_FLIGHT, DEFAULT_HELD_BYTES,
        DEFAULT_UNREAD_ANSWER_BYTES);

    public MemoryBounds {
        Checks.require(bodyBytesInFlight == 0 || bodyBytesInFlight >= 1024,
            "--max-body-bytes-in-flight must be 0 (an eighth of the max heap) or at least 1024, got " + bodyBytesInFlight);
        Checks.require(heldBytes == 0 || heldBytes >= 1024 * 1024,
            "--max-held-bytes must be 0 (half the max heap) or at least 1048576, got " + heldBytes);
        Checks.require(unreadAnswerBytes == 0 || unreadAnswerBytes >= 1024 * 1024,
            "--max-unread-answer-bytes must be 0 (half the max direct memory) or at least 1048576, got " + unreadAnswerBytes);
    }

    /** The request-body bytes all requests may hold at once: {@link #bodyBytesInFlight}, or an eighth of the max heap for 0. */
    public long bodyBytesInFlightBound() {
        return bodyBytesInFlight > 0 ? bodyBytesInFlight : Runtime.getRuntime().maxMemory() / 8;
    }

    /** What requests may hold at once, bodies and all they become: {@link #heldBytes}, or half the max heap for 0. */
    public long heldBytesBound() {
        return heldBytes > 0 ? heldBytes : Runtime.getRuntime().maxMemory() / 2;
    }

    /** What answers not read yet by their clients may hold at once: {@link #unreadAnswerBytes}, or half the max direct memory for 0. */
    public long unreadAnswerBound() {
        return unreadAnswerBytes > 0 ? unreadAnswerBytes : UnreadAnswers.defaultBound();
    }

    public MemoryBounds withBodyBytesInFlight(long newBodyBytesInFlight) {
        return new MemoryBounds(newBodyBytesInFlight, heldBytes, unreadAnswerBytes);
    }

    public MemoryBounds withUnreadAnswerBytes(long newUnreadAnswerBytes) {
        return new MemoryBounds(bodyBytesInFlight, heldBytes, newUnreadAnswerBytes);
    }
}
