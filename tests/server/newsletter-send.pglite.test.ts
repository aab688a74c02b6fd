import { newsletterSendSuite } from "./suites/newsletter-send";

newsletterSendSuite("pglite");
