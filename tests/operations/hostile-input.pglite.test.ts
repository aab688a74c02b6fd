import { hostileInputSuite } from "./hostile-input.suite";

hostileInputSuite("pglite");
