#!/bin/sh
git diff --stat "${1:-main}"
