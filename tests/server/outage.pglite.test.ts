import { outageSuite } from "./suites/outage";

outageSuite("pglite");
