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
