// The checks of a finished build, on one rendering of its pages: the JavaScript budget and core font (`npm run size`)
// and the Nu HTML checker (`npm run validate:html`), side by side, and that no address is baked in (decision 042).
// Part of `npm test`.
//   npm run check:build
import "./support/app-globals";
import { checkBuildAddresses } from "./build-addresses";
import { checkSize } from "./size";
import { builtPages } from "./support/built-pages";
import { validateHtml } from "./validate-html";

const addressesOk = checkBuildAddresses();
const pages = await builtPages();
const html = validateHtml(pages);
const sizeOk = checkSize(pages);
if (!(await html) || !sizeOk || !addressesOk) process.exitCode = 1;
