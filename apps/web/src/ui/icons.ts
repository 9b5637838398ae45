// The page's icons: Lucide's SVG set (lucide-preact), never emoji — an emoji is a missing glyph
// on a system without a colour emoji font (Debian's chromium shows an empty box). Each icon is
// decorative (aria-hidden, which Lucide sets when no label is given); the text beside it names it.
export {
  ArrowRight,
  Bot,
  Check,
  ChevronDown,
  ChevronRight,
  Code,
  FileText,
  Folder,
  History,
  Keyboard,
  Layers,
  ListFilter,
  MessageSquare,
  Trash,
  Undo2,
  User,
  X,
} from "lucide-preact";
