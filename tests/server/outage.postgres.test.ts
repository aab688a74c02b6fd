import { outageSuite } from "./suites/outage";

outageSuite("postgres");
