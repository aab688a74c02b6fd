import { newsletterSendSuite } from "./newsletter-send.suite";

newsletterSendSuite("postgres");
