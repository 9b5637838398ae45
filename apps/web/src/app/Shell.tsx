// The signed-in page: top bar, sidebar with the folder tree, and the routed view (the review
// queue or one document), all over one shared, live-updated set of data.
import { useEffect, useMemo } from "preact/hooks";
import { type Api, ApiError } from "../api/client.js";
import type { Me } from "../api/types.js";
import { linkResolver } from "../markdown/resolveLink.js";
import { pendingByPath } from "../tree/folderTree.js";
import { DocumentView } from "../ui/DocumentView.js";
import { Header } from "../ui/Header.js";
import { ErrorBox, NoticeBar } from "../ui/NoticeBar.js";
import { QueueView } from "../ui/QueueView.js";
import { RecentReviews } from "../ui/RecentReviews.js";
import { Sidebar } from "../ui/Sidebar.js";
import { UndoToast } from "../ui/UndoToast.js";
import { MarkupContext, useMarkupState } from "./markupMode.js";
import { routeKey } from "./route.js";
import { useLensData } from "./useLensData.js";
import { useLive } from "./useLive.js";
import { useNow } from "./useNow.js";
import { type Notice, useReview } from "./useReview.js";
import { useRoute } from "./useRoute.js";

interface Props {
  api: Api;
  me: Me;
  onSignOut?: () => void;
  /** The token stopped working (revoked or expired). */
  onUnauthorized(): void;
}

const REVIEW_ROLES = new Set(["edit", "admin"]);

export function Shell({ api, me, onSignOut, onUnauthorized }: Props) {
  const route = useRoute();
  const now = useNow();
  const data = useLensData(api);
  const live = useLive(api, data.refresh);
  const review = useReview(api, data.refresh);
  const canReview = REVIEW_ROLES.has(me.role);
  const markup = useMarkupState();

  useEffect(() => {
    for (const e of [data.error, live.error]) {
      if (e instanceof ApiError && e.status === 401) onUnauthorized();
    }
  }, [data.error, live.error]);

  const pending = useMemo(() => pendingByPath(data.suggestions ?? []), [data.suggestions]);
  const resolve = useMemo(
    () =>
      linkResolver((data.documents ?? []).filter((d) => d.type !== "folder").map((d) => d.path)),
    [data.documents],
  );
  const openPath = route.name === "doc" ? canonical(route.path, data.documents) : undefined;

  return (
    <MarkupContext.Provider value={markup}>
      <div class="shell">
        <Header me={me} live={live} onSignOut={onSignOut} />
        <div class="columns">
          <Sidebar
            documents={data.documents}
            truncated={data.truncated}
            pending={pending}
            total={data.suggestions?.length}
            route={route}
            openPath={openPath}
          />
          <main class="main">
            {!canReview && (
              <p class="notice notice-info" role="note">
                View only: this token ({me.role}) can read suggestions but not accept or reject
                them.
              </p>
            )}
            <NoticeBar
              notice={shownOn(review.notice, routeKey(route))}
              onDismiss={review.dismiss}
            />
            <ErrorBox error={data.error} what="Could not load the suggestions" />
            {canReview && <RecentReviews review={review} now={now} />}
            {route.name === "doc" ? (
              <DocumentView
                key={route.path}
                api={api}
                path={route.path}
                focus={route.suggestion}
                changes={data.changes}
                resolve={resolve}
                canReview={canReview}
                review={review}
                now={now}
              />
            ) : (
              <QueueView
                query={route.name === "queue" ? route.query : undefined}
                suggestions={data.suggestions}
                pendingChanges={data.pendingChanges}
                canReview={canReview}
                review={review}
                now={now}
              />
            )}
          </main>
        </div>
        {canReview && <UndoToast review={review} />}
      </div>
    </MarkupContext.Provider>
  );
}

/** A notice about another page is not shown on this one. */
function shownOn(notice: Notice | undefined, page: string): Notice | undefined {
  return notice && (notice.at === undefined || notice.at === page) ? notice : undefined;
}

/** The listing's spelling of a route's path (`.md` optional, as the API accepts). */
function canonical(path: string, docs: { path: string }[] | undefined): string {
  const lower = path.toLowerCase();
  const found = docs?.find(
    (d) =>
      d.path === path || d.path.toLowerCase() === lower || d.path.toLowerCase() === `${lower}.md`,
  );
  return found?.path ?? path;
}
