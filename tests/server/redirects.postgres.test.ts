import { redirectsSuite } from "./suites/redirects";

redirectsSuite("postgres");
