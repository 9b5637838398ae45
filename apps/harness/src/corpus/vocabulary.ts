// Word lists the corpus generator draws from: team-notes English with some French, German,
// Japanese and astral-plane text, names for folders, directories and notes. Nothing here
// contains a CriticMarkup delimiter, a bracket, `|`, `#` or `^`, so generated prose never forms
// marks or links by accident.

export const WORDS: readonly string[] = (
  "the a an of to and in for on with as by at from that this it is was be are we our team " +
  "sync search index note notes vault folder document draft review release build test tests " +
  "latency throughput cache replica replication conflict merge offline online mobile client " +
  "server storage schema query ranking relevance baseline budget sprint planning retro design " +
  "decision proposal rollout migration backlog estimate deadline meeting agenda summary owner " +
  "field inspection report photo upload queue retry timeout network battery device tablet " +
  "customer feedback support ticket incident outage postmortem alert metric dashboard trace " +
  "log config flag experiment result sample median percentile histogram baseline regression " +
  "coffee roast espresso grinder supplier invoice recipe cost margin price order delivery " +
  "checklist opening closing inventory shift volunteer cooperative member budget vote " +
  "running testing building shipping writing reading planning tracking syncing indexing " +
  "merging caching loading parsing rendering scheduling onboarding debugging profiling " +
  "quickly carefully probably usually clearly later soon again still already never often " +
  "new old small large fast slow stable flaky green red open closed pending blocked done " +
  "should could would must will can may might need needs want wants agree agreed decide " +
  "decided ship shipped fix fixed add added remove removed update updated check checked " +
  "Kestrel Maya Tomás Priya Jonah Aiko Camille Léa Étienne Inès Monday Tuesday Friday " +
  "CRDT SQLite FTS BM25 API SDK HTTP JSON YAML CI iOS Android Yjs"
).split(" ");

/** Words that make `-i` searches meaningful: they also appear in another case. */
export const MIXED_CASE: readonly string[] = ["kestrel", "KESTREL", "Sync", "SEARCH", "Latency"];

/** Non-ASCII and astral-plane fragments mixed into prose. */
export const FOREIGN: readonly string[] = [
  "café",
  "crème brûlée",
  "déjà vu",
  "à bientôt",
  "Übergröße",
  "Straße",
  "naïve",
  "façade",
  "smörgåsbord",
  "niño",
  "東京の会議",
  "同期",
  "検索",
  "Ελληνικά",
  "Ω≈ç√",
  "🚀",
  "☕️",
  "🎉 launch",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "𠜎𠜱",
  "👩🏽‍💻",
  "𝄞 music",
];

/** Numbers with units: matter to the "no literal" benchmark pattern ([0-9]{2,}[a-z]{2,}). */
export const UNITS: readonly string[] = ["ms", "kb", "mb", "px", "rpm", "kg", "min", "th"];

export const TODO_WORDS: readonly string[] = ["TODO", "FIXME", "XXX"];

export const FOLDER_NAMES: readonly string[] = [
  "Engineering",
  "Research",
  "Équipe Café",
  "Design 🎨",
  "Operations",
  "Handbook",
  "Zürich Office",
  "研究ノート",
];

export const DIR_NAMES: readonly string[] = [
  "Projects",
  "Meetings",
  "Archive",
  "Daily",
  "Specs",
  "Decisions",
  "How-to",
  "Inbox",
  "Reading",
  "Experiments",
  "2025",
  "2026",
  "Réunions",
  "Procédures",
  "Recettes",
  "Q3 planning",
  "Team",
  "Clients",
  "Sync",
  "Search",
];

/** Basenames given to many notes on purpose: links to them by basename are ambiguous. */
export const COMMON_BASENAMES: readonly string[] = ["Overview", "Index", "Notes", "Plan", "README"];

export const TITLE_WORDS: readonly string[] = (
  "Sync Search Release Budget Roadmap Onboarding Retro Planning Design Conflict Offline " +
  "Latency Ranking Supplier Recipe Inventory Checklist Incident Postmortem Migration Schema " +
  "Cache Upload Queue Metrics Dashboard Interview Feedback Experiment Baseline Proposal " +
  "Cappuccino Torréfaction Réunion Procédure Coût Übersicht Prüfung"
).split(" ");

export const HEADING_WORDS: readonly string[] = (
  "Context Goals Decision Options Consequences Summary Next steps Open questions Risks " +
  "Timeline Results Method Setup Notes Actions Follow-ups Background Synthèse Résumé Zusammenfassung"
).split(" ");

export const AUTHORS: readonly string[] = [
  "maya",
  "tomas",
  "priya",
  "jonah",
  "aiko",
  "camille",
  "léa",
];

export const CODE_LANGS: readonly string[] = ["ts", "sh", "sql", "json", "markdown", ""];

/** Titles of notes that do not exist: targets of unresolved links (no generated name has "("). */
export const MISSING_TITLES: readonly string[] = [
  "Offline attachments (planned)",
  "Embedding search spike (idea)",
  "Inventaire hiver (à faire)",
  "Q1 hiring plan (draft)",
  "Vendor review (todo)",
];
