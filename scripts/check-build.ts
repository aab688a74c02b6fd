// The checks of a finished build, on one rendering of its pages: the JavaScript budget and core font (`npm run size`)
// and the Nu HTML checker (`npm run validate:html`), side by side. Part of `npm test`.
//   npm run check:build
import "./support/app-globals";
import { checkSize } from "./size";
import { builtPages } from "./support/built-pages";
import { validateHtml } from "./validate-html";

const pages = await builtPages();
const html = validateHtml(pages);
const sizeOk = checkSize(pages);
if (!(await html) || !sizeOk) process.exitCode = 1;
