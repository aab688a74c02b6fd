import { mailFaultsSuite } from "./mail-faults.suite";

mailFaultsSuite("postgres");
