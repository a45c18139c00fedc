package dev.shopreviews.embed;

import dev.shopreviews.common.testing.FreshEnvironment;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** One started environment for every test class of this module: a fresh database on the real PostgreSQL, the real broker. */
@QuarkusTestResource(value = FreshEnvironment.class, initArgs = @ResourceArg(name = "service", value = "embed"))
public final class TestEnvironment {
    private TestEnvironment() {
    }
}
