import { mailFaultsSuite } from "./suites/mail-faults";

mailFaultsSuite("postgres");
