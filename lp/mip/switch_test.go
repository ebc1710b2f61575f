package mip

import (
	"strings"
	"testing"
)

// TestSetSwitch sets every named switch from text and refuses unknown
// names and values with the name in the message.
func TestSetSwitch(t *testing.T) {
	for _, name := range SwitchNames() {
		var o Options
		if err := o.SetSwitch(name, "off"); err != nil {
			t.Fatal(err)
		}
		if got := *o.Switches()[name]; got != Off {
			t.Errorf("%s: set off, is %v", name, got)
		}
		if err := o.SetSwitch(name, "yes"); err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), `"yes"`) {
			t.Errorf("%s=yes: error %v, want one naming the switch and the value", name, err)
		}
	}
	var o Options
	if err := o.SetSwitch("nosuch", "on"); err == nil || !strings.Contains(err.Error(), `"nosuch"`) || !strings.Contains(err.Error(), "conflicts") {
		t.Errorf("unknown switch: error %v, want one naming it and the known switches", err)
	}
	for name, sw := range o.Switches() {
		if *sw != Auto {
			t.Errorf("a refused SetSwitch changed %s to %v", name, *sw)
		}
	}
}

// TestSetSwitches sets several switches from one list, passes over empty
// items, and on a faulty pair names it and changes nothing.
func TestSetSwitches(t *testing.T) {
	var o Options
	if err := o.SetSwitches("rins=off,,feasjump=on,rins=auto,cliques=on"); err != nil {
		t.Fatal(err)
	}
	if o.RINS != Auto || o.FeasJump != On || o.Cliques != On || o.Probing != Auto {
		t.Errorf("rins %v feasjump %v cliques %v probing %v, want auto on on auto (the last rins wins)", o.RINS, o.FeasJump, o.Cliques, o.Probing)
	}
	if err := o.SetSwitches(""); err != nil || o.FeasJump != On {
		t.Errorf(`SetSwitches(""): error %v, feasjump %v; want nil and no change`, err, o.FeasJump)
	}
	for _, tc := range []struct{ list, want string }{
		{"probing=off,rins", `"rins" is not name=auto|on|off`},
		{"probing=off,rins=maybe", `switch rins: "maybe" is not auto, on or off`},
		{"probing=off,nosuch=on", `unknown switch "nosuch"`},
	} {
		err := o.SetSwitches(tc.list)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %s", tc.list, err, tc.want)
		}
		if o.Probing != Auto {
			t.Errorf("%q: a refused list set probing to %v", tc.list, o.Probing)
		}
	}
}
