package dev.shopreviews.partner.operator.service;

import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Operators' passwords as Argon2id PHC strings ({@code $argon2id$v=19$m=19456,t=2,p=1$salt$hash}), computed by
 * Bouncy Castle's Argon2 with OWASP's minimum parameters. Takes ~50 ms of CPU: callers run it off the event loop.
 */
public final class PasswordHashing {
    private static final int MEMORY_KIB = 19456;
    private static final int ITERATIONS = 2;
    private static final int PARALLELISM = 1;
    private static final int HASH_BYTES = 32;
    private static final Pattern PHC = Pattern.compile(
            "\\$argon2id\\$v=19\\$m=(\\d{1,7}),t=(\\d{1,2}),p=(\\d{1,2})\\$([A-Za-z0-9+/]{16,64})\\$([A-Za-z0-9+/]{16,128})");
    private static final Base64.Encoder ENCODER = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getDecoder();
    private static final SecureRandom RANDOM = new SecureRandom();

    private PasswordHashing() {
    }

    public static String hash(String password) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        byte[] hash = argon2(password, salt, MEMORY_KIB, ITERATIONS, PARALLELISM, HASH_BYTES);
        return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$"
                + ENCODER.encodeToString(salt) + "$" + ENCODER.encodeToString(hash);
    }

    /** True when {@code password} gives {@code stored}; false for a wrong password or a malformed hash. */
    public static boolean matches(String password, String stored) {
        Matcher phc = stored == null ? null : PHC.matcher(stored);
        if (password == null || phc == null || !phc.matches()) {
            return false;
        }
        byte[] expected = DECODER.decode(phc.group(5));
        byte[] actual = argon2(password, DECODER.decode(phc.group(4)), Integer.parseInt(phc.group(1)),
                Integer.parseInt(phc.group(2)), Integer.parseInt(phc.group(3)), expected.length);
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] argon2(String password, byte[] salt, int memoryKib, int iterations, int parallelism, int length) {
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id).withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(memoryKib).withIterations(iterations).withParallelism(parallelism).withSalt(salt).build());
        byte[] out = new byte[length];
        generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }
}
