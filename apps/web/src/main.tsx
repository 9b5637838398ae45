// Entry point: mounts the review page into index.html's #app, or the consent page when the
// server's /oauth/authorize sent the person here (`#/consent/<id>`).
import { render } from "preact";
import { App } from "./app/App.js";
import { ConsentPage } from "./consent/ConsentPage.js";
import { consentId } from "./consent/route.js";
import "./styles.css";

const consent = consentId(location.hash);
render(consent ? <ConsentPage id={consent} /> : <App />, document.getElementById("app")!);
