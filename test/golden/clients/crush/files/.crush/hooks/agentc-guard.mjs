(the bytes of assets/hooks/agentc-guard.mjs, unchanged)
