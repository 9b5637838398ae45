// The prompts Lens offers: "review-pending" (the suggestions waiting for review, to go through
// with the assistant) and "folder-guide" (a folder's guide note, `FOLDER/AI Guide/_intro.md`,
// which its curators wrote for assistants). Each answer comes from the service and core, within
// the caller's reach; this file only translates.
import { type FolderGuide, folderGuides } from "@lens/core";
import type { Actor, Lens } from "@lens/service";
import {
  type AuthInfo,
  type GetPromptResult,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from "@modelcontextprotocol/server";
import { completionOf } from "./resources.js";

export const REVIEW_PROMPT = "review-pending";
export const GUIDE_PROMPT = "folder-guide";

const REVIEW_LISTING: Prompt = {
  name: REVIEW_PROMPT,
  title: "Review my pending suggestions",
  description:
    "The suggestions waiting for review (all of them, or under a folder or note), for you to go through with the assistant.",
  arguments: [{ name: "path", description: "A folder or note; every one you reach when absent." }],
};

const GUIDE_LISTING: Prompt = {
  name: GUIDE_PROMPT,
  title: "Work in a folder by its guide",
  description:
    "The guide a folder's curators wrote for assistants (FOLDER/AI Guide/_intro.md), to follow while working there.",
  arguments: [
    {
      name: "folder",
      description: "The folder; may be left out when only one folder you reach has a guide.",
    },
  ],
};

const invalid = (message: string) => new ProtocolError(ProtocolErrorCode.InvalidParams, message);

const userText = (description: string, text: string): GetPromptResult => ({
  description,
  messages: [{ role: "user", content: { type: "text", text } }],
});

/** Registers the prompts on `server`; returns completion of a prompt's argument. */
export function registerPrompts(
  server: Server,
  lens: Lens,
  actorOf: (authInfo: AuthInfo | undefined) => Actor,
): (
  prompt: string,
  argument: string,
  prefix: string,
  authInfo: AuthInfo | undefined,
) => ReturnType<typeof completionOf> {
  const guides = (authInfo: AuthInfo | undefined): FolderGuide[] =>
    folderGuides(lens.workspace, actorOf(authInfo).caller.reach);

  // The guide prompt is listed only to a caller who reaches a folder with a guide.
  server.setRequestHandler("prompts/list", (_request, ctx) => ({
    prompts: guides(ctx.http?.authInfo).length ? [REVIEW_LISTING, GUIDE_LISTING] : [REVIEW_LISTING],
  }));

  server.setRequestHandler("prompts/get", (request, ctx) => {
    const { name, arguments: args } = request.params;
    const actor = actorOf(ctx.http?.authInfo);
    if (name === REVIEW_PROMPT) return reviewPrompt(lens, actor, args?.path || undefined);
    if (name === GUIDE_PROMPT)
      return guidePrompt(lens, actor, guides(ctx.http?.authInfo), args?.folder);
    throw invalid(`Unknown prompt ${name}`);
  });

  return (prompt, argument, prefix, authInfo) => {
    if (prompt !== GUIDE_PROMPT || argument !== "folder") return completionOf([]);
    const lower = prefix.toLowerCase();
    return completionOf(
      guides(authInfo)
        .map((g) => g.folder)
        .filter((f) => f.toLowerCase().startsWith(lower)),
    );
  };
}

function reviewPrompt(lens: Lens, actor: Actor, path: string | undefined): GetPromptResult {
  const pending = lens.pending(actor, path);
  if (!pending.ok) throw invalid(pending.error.message);
  const where = path ? ` under ${path}` : "";
  const lines = pending.value.map(
    (s) =>
      `- ${s.path}, line ${s.line} (${s.kind}${s.author ? ` by ${s.author}` : ""}): ${JSON.stringify(s.oldText)} → ${JSON.stringify(s.newText)}${s.reason ? ` — reason: ${JSON.stringify(s.reason)}` : ""}`,
  );
  const text =
    lines.length === 0
      ? `No suggestions are pending${where}.`
      : `${lines.length === 1 ? "This suggestion is" : `These ${lines.length} suggestions are`} pending${where}. Go through them with me one by one: say what each changes and whether it reads right in its note (read the note for context), and I will accept or reject them in the review page.\n\n${lines.join("\n")}`;
  return userText(`Pending suggestions${where}`, text);
}

function guidePrompt(
  lens: Lens,
  actor: Actor,
  guides: FolderGuide[],
  folder: string | undefined,
): GetPromptResult {
  const named = folder?.trim();
  let guide: FolderGuide | undefined;
  if (named) {
    guide = guides.find((g) => g.folder.toLowerCase() === named.toLowerCase());
    if (!guide) {
      const others = guides.length
        ? ` Folders with a guide: ${guides.map((g) => g.folder).join(", ")}.`
        : "";
      throw invalid(
        `Folder ${JSON.stringify(named)} has no guide (FOLDER/AI Guide/_intro.md) you can read.${others}`,
      );
    }
  } else if (guides.length === 1) {
    guide = guides[0];
  } else {
    throw invalid(
      guides.length
        ? `Name the folder: ${guides.map((g) => g.folder).join(", ")} have guides.`
        : "No folder you can read has a guide (FOLDER/AI Guide/_intro.md).",
    );
  }
  const { folder: name, path } = guide as FolderGuide;
  const read = lens.readDocument(actor, { filePath: path, view: "ai" });
  if (!read.ok) throw invalid(read.error.message);
  return userText(
    `The guide of ${name}`,
    `The curators of the folder ${name} wrote this guide for assistants (${path}). Follow it while you work in ${name}.\n\n${read.value.content}`,
  );
}
