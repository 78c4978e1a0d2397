export * from './types';
export { preparePage, webMcpInit } from './webmcp';
export { extractPageMap, structureHash } from './extract';
export { detectBlock, type BlockInput } from './block';
export { runTool, classifyLogin, redact } from './run-tool';
export { pageMarkdown } from './content';
export { OfflineSummarizer, ClaudeSummarizer, offlineSummary, SUMMARY_SYSTEM_PROMPT, pageAsData, type ClaudeSummarizerOptions } from './summarize';
export { buildTools, purposeOf } from './tools';
export { slug } from './slug';
