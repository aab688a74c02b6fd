import { roadmapNoticeSuite } from "./suites/roadmap-notice";

roadmapNoticeSuite("postgres");
