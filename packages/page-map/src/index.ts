export * from './types';
export { preparePage } from './prepare-page';
export { warmPage } from './warm-page';
export { loadLight, loadInFull, loadsLight, HEAVY_RESOURCE_TYPES } from './light-load';
export { installPageScript } from './page-script-host/call';
export { webMcpInit } from './page-script/serialized/webmcp-capture';
export { extractPageMap, structureHash } from './extract';
export { detectBlock, type BlockInput } from './block';
export { runTool, redact } from './run-tool';
export { classifyLogin } from './login/outcome';
export { dialogsOf, type DialogRecord, type DialogType, type PageDialogs } from './dialogs';
export { withPendingDialog, ANSWER_DIALOG } from './tools/kinds/dialog';
export { exactValue, chooseOptions, parseBoolean, ValueError, ACCEPTED_FORMS } from './values';
export { pageMarkdown } from './content';
export {
  OfflineSummarizer,
  ClaudeSummarizer,
  offlineSummary,
  SUMMARY_SYSTEM_PROMPT,
  pageAsData,
  type ClaudeSummarizerOptions,
} from './summarize';
export { buildTools, purposeOf } from './tools';
export { slug } from './shared/slug';
export { strictSentenceCount } from './sentences';
