package org.featurecompass.tef.index;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * What identifies a version of a trace file for index reuse: its size, its modification time (ms)
 * and a CRC-32 of its first 64 KiB (which catches rewrites that keep size and time).
 *
 * @param size file size in bytes
 * @param modifiedMillis last-modified time in milliseconds since the epoch
 * @param headCrc CRC-32 of the first 64 KiB
 */
public record SourceFingerprint(long size, long modifiedMillis, long headCrc) {

    private static final int HEAD_BYTES = 64 * 1024;

    public static SourceFingerprint of(Path file) throws IOException {
        CRC32 crc = new CRC32();
        try (InputStream in = Files.newInputStream(file)) {
            crc.update(in.readNBytes(HEAD_BYTES));
        }
        return new SourceFingerprint(Files.size(file), Files.getLastModifiedTime(file).toMillis(), crc.getValue());
    }
}
