import { redirectsSuite } from "./suites/redirects";

redirectsSuite("pglite");
