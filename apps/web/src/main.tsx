// Entry point: mounts the review page into index.html's #app.
import { render } from "preact";
import { App } from "./app/App.js";
import "./styles.css";

render(<App />, document.getElementById("app")!);
