import { redirectsSuite } from "./redirects.suite";

redirectsSuite("postgres");
