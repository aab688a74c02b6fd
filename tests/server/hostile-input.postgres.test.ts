import { hostileInputSuite } from "./suites/hostile-input";

hostileInputSuite("postgres");
