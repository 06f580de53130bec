import { startApp } from "./app/start-app";
import "./styles.css";

void startApp(document.getElementById("root")!);
