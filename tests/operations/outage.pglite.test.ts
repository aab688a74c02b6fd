import { outageSuite } from "./outage.suite";

outageSuite("pglite");
