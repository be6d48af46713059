package main

// The --profile flag uses github.com/pkg/profile; this blank import keeps the
// dependency recorded until the CLI wires it in.
import _ "github.com/pkg/profile"
