import { redirectsSuite } from "./redirects.suite";

redirectsSuite("pglite");
