package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.FreshEnvironment;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** One started environment for every test class of this module: a fresh database, the real broker, the test GreenMail. */
@QuarkusTestResource(value = FreshEnvironment.class, initArgs = @ResourceArg(name = "service", value = "invitations"))
public final class TestEnvironment {
    private TestEnvironment() {
    }
}
