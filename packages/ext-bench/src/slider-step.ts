/**
 * Setting a slider (`{do: 'slide', target, value}`): a person looks for a tool that says it sets a
 * slider, finds the slider by its name among the options of one of its params, and gives the
 * number to the param that takes a number. Chosen from names, descriptions and options only.
 */
import type { Tool } from '@pagemap/contracts';
import { MIN_SCORE, clickCandidates, normalize, type Choice } from '@pagemap/web-corpus';

export function chooseSlide(tools: Tool[], target: string, value: number): Choice | undefined {
  for (const tool of tools.filter((t) => /\bslider\b/.test(normalize(`${t.name} ${t.description}`)))) {
    const numberParam = tool.params.find((p) => p.type === 'number');
    if (!numberParam) continue;
    const best = clickCandidates([{ ...tool, params: tool.params.filter((p) => p !== numberParam) }], target)[0];
    if (!best || best.score < MIN_SCORE) continue;
    const params = { ...best.params, [numberParam.name]: value };
    return { tool: tool.name, params, score: best.score, why: `${tool.name}(${JSON.stringify(params)})` };
  }
  return undefined;
}
