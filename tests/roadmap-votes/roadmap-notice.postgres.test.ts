import { roadmapNoticeSuite } from "./roadmap-notice.suite";

roadmapNoticeSuite("postgres");
