import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Router } from "wouter";
import { App } from "./App";
import { ApiError } from "./api/ApiError";
import "./panel.css";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused or missing thing is not retried; a server that did not answer is, a little.
      retry: (failures, error) => error instanceof ApiError && error.status === 0 && failures < 2,
      staleTime: 1_000,
    },
    mutations: { retry: false },
  },
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* import.meta.env.BASE_URL is "/panel/": every route below lives under it. */}
      <Router base={import.meta.env.BASE_URL.replace(/\/$/, "")}>
        <App />
      </Router>
    </QueryClientProvider>
  </StrictMode>,
);
