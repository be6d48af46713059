package main

import (
	"fmt"
	"strings"
)

// globalOptions come before the subcommand name.
type globalOptions struct {
	help, version bool
	profile       string // "", "cpu" or "mem"
	profilePath   string
}

// parseGlobalOptions reads options up to the first argument that is not one
// (the subcommand) and returns the arguments from there on.
func parseGlobalOptions(args []string) (globalOptions, []string, error) {
	opts := globalOptions{profilePath: "."}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			return opts, args[i+1:], nil
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			return opts, args[i:], nil
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		takeValue := func() (string, error) {
			if hasValue {
				return value, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("option %s needs a value", arg)
			}
			i++
			return args[i], nil
		}
		var err error
		switch name {
		case "h", "help":
			opts.help = true
		case "version":
			opts.version = true
		case "profile":
			if opts.profile, err = takeValue(); err == nil && opts.profile != "cpu" && opts.profile != "mem" {
				err = fmt.Errorf("--profile takes cpu or mem, not %q", opts.profile)
			}
		case "profile-path":
			if opts.profilePath, err = takeValue(); err == nil && opts.profilePath == "" {
				err = fmt.Errorf("--profile-path needs a directory")
			}
		default:
			err = fmt.Errorf("unknown option %s", arg)
		}
		if err != nil {
			return opts, nil, err
		}
		if hasValue && (name == "h" || name == "help" || name == "version") {
			return opts, nil, fmt.Errorf("option %s takes no value", arg)
		}
	}
	return opts, nil, nil
}
