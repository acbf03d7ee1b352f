package mailbench.corpus;

/**
 * The only memory the generator keeps across messages: per mailbox, the last few thread roots
 * (sequence number and time), overwritten oldest first. Ints keep a million mailboxes at 32 MB.
 */
final class ThreadHeads {

    static final int PER_MAILBOX = 4;

    private final int[] rootSeq;
    private final int[] rootSecond;
    private final byte[] count;
    private final byte[] nextSlot;

    ThreadHeads(int mailboxes) {
        rootSeq = new int[mailboxes * PER_MAILBOX];
        rootSecond = new int[mailboxes * PER_MAILBOX];
        count = new byte[mailboxes];
        nextSlot = new byte[mailboxes];
    }

    int size(int mailbox) {
        return count[mailbox];
    }

    void add(int mailbox, long seq, long epochSecond) {
        int slot = mailbox * PER_MAILBOX + nextSlot[mailbox];
        rootSeq[slot] = Math.toIntExact(seq);
        rootSecond[slot] = Math.toIntExact(epochSecond - MailClock.START.getEpochSecond());
        nextSlot[mailbox] = (byte) ((nextSlot[mailbox] + 1) % PER_MAILBOX);
        if (count[mailbox] < PER_MAILBOX) {
            count[mailbox]++;
        }
    }

    long seq(int mailbox, int head) {
        return rootSeq[mailbox * PER_MAILBOX + head];
    }

    long epochSecond(int mailbox, int head) {
        return MailClock.START.getEpochSecond() + rootSecond[mailbox * PER_MAILBOX + head];
    }
}
