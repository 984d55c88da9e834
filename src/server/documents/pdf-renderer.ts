import { existsSync } from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import { type Browser, chromium } from "playwright-core";
import type { Paper } from "./document-store.ts";

/** Longest a report page may take to load and draw its charts before the render counts as failed. */
const READY_TIMEOUT_MS = 60_000;

/** A report page that said it could not load (data-pdf-error): its words, not a stack. */
export class ReportPageError extends Error {}

export interface RenderRequest {
  url: string;
  paper: Paper;
  /** Chromium's header and footer templates (document-margins.ts): repeated on every page. */
  headerTemplate: string;
  footerTemplate: string;
}

/**
 * Prints report pages to PDF with the machine's Chromium through playwright-core (issue 14 §2):
 * one browser per node, started on the first render and kept while the node runs; each render has
 * its own context (no cookies or storage shared between documents). How many render at once is
 * the queue's concurrency (PDF_CONCURRENCY).
 */
export class PdfRenderer {
  private browser: Promise<Browser> | null = null;

  constructor(
    private readonly executablePath: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether this node can render: its Chromium is installed. */
  get available(): boolean {
    return existsSync(this.executablePath);
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const launching = chromium.launch({ executablePath: this.executablePath, headless: true });
      this.browser = launching;
      launching.then(
        (browser) =>
          browser.on("disconnected", () => {
            // A crashed browser is started afresh for the next document.
            if (this.browser === launching) this.browser = null;
          }),
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  async render(request: RenderRequest): Promise<{ pdf: Buffer; pageCount: number; loadMs: number; printMs: number }> {
    const browser = await this.launch();
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1000, height: 1400 } });
    try {
      const page = await context.newPage();
      await page.emulateMedia({ media: "print" });
      const started = performance.now();
      await page.goto(request.url, { waitUntil: "load", timeout: READY_TIMEOUT_MS });
      await page.waitForFunction(
        () => document.documentElement.dataset.pdfReady === "true" || document.documentElement.dataset.pdfError,
        null,
        { timeout: READY_TIMEOUT_MS },
      );
      const error = await page.evaluate(() => document.documentElement.dataset.pdfError);
      if (error) throw new ReportPageError(error);
      const loaded = performance.now();
      const pdf = await page.pdf({
        format: request.paper === "a4" ? "A4" : "Letter",
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: request.headerTemplate,
        footerTemplate: request.footerTemplate,
        margin: { top: "22mm", bottom: "18mm", left: "14mm", right: "14mm" },
      });
      // How long the page took to load and draw, and Chromium to print it: the log's render line.
      return { pdf, pageCount: countPages(pdf), loadMs: loaded - started, printMs: performance.now() - loaded };
    } finally {
      await context.close().catch((err) => this.log.warn({ err }, "closing a PDF page failed"));
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }
}

/** Pages of a PDF Chromium printed: one page object each (`/Type /Page`, not the `/Pages` tree). */
export function countPages(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}
