import { newsletterSendSuite } from "./suites/newsletter-send";

newsletterSendSuite("postgres");
